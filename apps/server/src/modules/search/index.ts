// The public surface of the search module: nothing; app.ts registers its routes.
export {};
