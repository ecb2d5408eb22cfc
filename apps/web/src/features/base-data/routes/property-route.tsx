import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCurrentProperty } from '../../../shared/properties/index.ts';
import { PropertyForm } from '../components/property-form.tsx';

export function PropertyRoute() {
  const property = useCurrentProperty();
  if (property.isPending) return <Spinner />;
  if (property.isError) return <ErrorState error={property.error} onRetry={() => void property.refetch()} />;
  return <PropertyForm key={property.data.id} property={property.data} />;
}
