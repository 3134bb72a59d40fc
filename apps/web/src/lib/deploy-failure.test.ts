import { describe, expect, it } from 'vitest';
import { deployFailureText } from './deploy-failure';
import { changeLocale, initI18n } from './i18n';

describe('deployFailureText', () => {
  it('translates the code the server stores and shows an older sentence as it is', async () => {
    initI18n();
    await changeLocale('en-US');
    expect(deployFailureText('edge_apply_failed')).toBe('The edge could not apply the change.');
    await changeLocale('zh-CN');
    expect(deployFailureText('edge_apply_failed')).toBe('边缘节点未能应用此变更。');
    await changeLocale('zh-TW');
    expect(deployFailureText('edge_apply_failed')).toBe('邊緣節點未能套用此變更。');
    expect(deployFailureText('The edge could not apply the change (EACCES).')).toBe(
      'The edge could not apply the change (EACCES).',
    );
  });
});
