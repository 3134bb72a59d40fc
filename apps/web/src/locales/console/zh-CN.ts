import type { Messages } from '../index';

// The console's namespaces in zh-CN: every file of ../zh-CN/ but the public ones (../index.ts).
export default import.meta.glob<Messages>(['../zh-CN/*.json', '!../zh-CN/{auth,common,errors,fieldErrors}.json'], {
  eager: true,
  import: 'default',
});
