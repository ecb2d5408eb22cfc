// The public surface of the users module: nothing; app.ts registers its routes.
export {};
