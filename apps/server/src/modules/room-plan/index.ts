// The public surface of the room-plan module: what the web plugin writes the plan's page with; app.ts
// registers its routes.
export { getRoomPlanScreen } from './room-plan-page.ts';
