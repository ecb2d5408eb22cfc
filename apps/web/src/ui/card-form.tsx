import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Card } from './card.tsx';

type TCardFormProps = {
  /** The form's submit handler, such as react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  title: ReactNode;
  description?: ReactNode;
  isPending: boolean;
  /** Whether anything changed: Save stays off until then. */
  isDirty: boolean;
  children: ReactNode;
};

/** A form on a card that is saved as a whole, such as a settings page, with Save in the card's footer. */
export function CardForm({ onSubmit, title, description, isPending, isDirty, children }: TCardFormProps) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Card
        title={title}
        description={description}
        footer={
          <Button type="submit" isLoading={isPending} disabled={!isDirty}>
            {t('common.save')}
          </Button>
        }
      >
        {children}
      </Card>
    </form>
  );
}
