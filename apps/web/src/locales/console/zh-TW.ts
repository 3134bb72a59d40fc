import type { Messages } from '../index';

// The console's namespaces in zh-TW: every file of ../zh-TW/ but the public ones (../index.ts).
export default import.meta.glob<Messages>(['../zh-TW/*.json', '!../zh-TW/{auth,common,errors,fieldErrors}.json'], {
  eager: true,
  import: 'default',
});
