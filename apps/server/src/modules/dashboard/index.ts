// The public surface of the dashboard module: nothing; app.ts registers its routes.
export {};
