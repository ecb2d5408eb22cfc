// The public surface of the room-plan module: nothing; app.ts registers its routes.
export {};
