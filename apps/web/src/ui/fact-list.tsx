import type { ReactNode } from 'react';

export type TFact = { label: string; value: ReactNode };

/** Labelled values of a record; a missing value shows a dash. */
export function FactList({ facts }: { facts: readonly TFact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-gray-500">{fact.label}</dt>
          <dd className="mt-0.5 font-medium break-words text-gray-900">{fact.value || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
