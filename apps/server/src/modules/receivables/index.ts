// The public surface of the receivables module: nothing; app.ts registers its routes.
export {};
