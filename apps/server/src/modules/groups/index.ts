// The public surface of the groups module: nothing; app.ts registers its routes.
export {};
