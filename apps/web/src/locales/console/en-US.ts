import type { Messages } from '../index';

// The console's namespaces in en-US: every file of ../en-US/ but the public ones (../index.ts).
export default import.meta.glob<Messages>(['../en-US/*.json', '!../en-US/{auth,common,errors,fieldErrors}.json'], {
  eager: true,
  import: 'default',
});
