// The public surface of the api-keys module: nothing; app.ts registers its routes.
export {};
