// The public surface of the notes module: nothing; app.ts registers its routes.
export {};
