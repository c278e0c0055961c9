export { createProofJobs } from './proof.jobs';
export { createProofPublicRoutes, createProofRoutes } from './proof.routes';
export { proofOpenApiPaths, proofOpenApiSchemas } from './proof.openapi';
