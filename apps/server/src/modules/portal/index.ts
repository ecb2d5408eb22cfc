// The public surface of the portal module: nothing; app.ts registers its routes.
export {};
