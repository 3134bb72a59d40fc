// The shared zod schemas the shell checks answers with. The entry imports this module lazily
// (`await import('./contracts')`), so zod loads with the first answer to check (a signed-in
// user, an error's details), never with the sign-in page (docs/speed.md).
export { currentUserSchema, errorDetailsSchema } from '@parapet/shared';
