// The public surface of the id-documents module: nothing; app.ts registers its routes.
export {};
