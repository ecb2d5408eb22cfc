// The public surface of the reports module: nothing; app.ts registers its routes.
export {};
