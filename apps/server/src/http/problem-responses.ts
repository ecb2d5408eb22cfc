import { ZProblem } from '@pms/contract';

/** The problem+json answers any route may give, for the OpenAPI document. */
export const problemResponses = {
  400: ZProblem,
  401: ZProblem,
  403: ZProblem,
  404: ZProblem,
  409: ZProblem,
  429: ZProblem,
};
