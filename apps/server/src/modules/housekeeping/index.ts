// The public surface of the housekeeping module: nothing; app.ts registers its routes.
export {};
