import { CACHE_EXPIRIES, CACHE_HOTTIMES, DEFAULT_CACHED_EXTENSIONS } from '@parapet/shared';
import { Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '@/lib/format-values';
import { useLine } from '../setting/line-context';
import { pickSpec } from '../setting/line-form';
import { LinesView, OnOff, ReadFields, TagList, type FieldKey } from '../setting/read-view';
import { SettingTab, type EditContext } from '../setting/setting-tab';

/** The pattern lists, one pattern per line, in the order the tab shows them. */
const LISTS = [
  'cusCachepath',
  'cusCachefile',
  'forceCusCachePath',
  'forceCusCacheFile',
  'cusNoncachepath',
  'cusNoncachefile',
  'cusFollowCachePath',
  'cusFollowCacheFile',
] as const;
/** Exp, Srvexp and Hottime for custom paths, custom files and the default files (GLOSSARY §1.6). */
const TIMINGS = [
  ['cusCachepathExp', 'cusCachepathSrvexp', 'cusCachepathHottime'],
  ['cusCachefileExp', 'cusCachefileSrvexp', 'cusCachefileHottime'],
  ['defCachefileExp', 'defCachefileSrvexp', 'defCachefileHottime'],
] as const;
type TimingKey = (typeof TIMINGS)[number][number];

const spec = pickSpec(['proxyCacheIgnoreArgs', ...LISTS, ...TIMINGS.flat()]);

/** Cache, force-cache, no-cache and follow-origin patterns, the cache timings and the default cached extensions. */
export function CacheTab() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const format = useValueFormat();
  // Expiries are stored as `1d`; they read "1 day" / "1天".
  const timing = (key: TimingKey) =>
    key.endsWith('Hottime') ? t('values.hits', { count: Number(line[key]) }) : format.duration(String(line[key]));
  const read = (
    <>
      <ReadFields
        items={[
          { field: 'proxyCacheIgnoreArgs', value: <OnOff value={line.proxyCacheIgnoreArgs} /> },
          ...LISTS.map((field) => ({ field, value: <LinesView text={line[field]} /> })),
          ...TIMINGS.flat().map((field) => ({ field, value: timing(field) })),
        ]}
      />
      <DefaultCached />
    </>
  );
  return <SettingTab tab="cache" read={read} spec={spec} fields={(context) => <CacheFields {...context} />} />;
}

/** The extensions cached by default: read-only (GLOSSARY §1.5). */
function DefaultCached() {
  const { t } = useTranslation('serviceLines');
  return (
    <div style={{ marginTop: 16 }} data-testid="default-cached-extensions">
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {t('fields.defCachefile')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('hints.defaultCached')}</Typography.Paragraph>
      <TagList values={DEFAULT_CACHED_EXTENSIONS} />
    </div>
  );
}

function CacheFields({ rules }: EditContext) {
  const { t } = useTranslation('serviceLines');
  const format = useValueFormat();
  const list = (field: FieldKey) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item name={field} label={t(`fields.${field}`)} extra={t('hints.lines')} rules={rules(field)}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder={t('hints.linesPlaceholder')}
          data-testid={`field-${field}`}
        />
      </Form.Item>
    </Col>
  );
  const select = (field: TimingKey) => {
    const options = field.endsWith('Hottime')
      ? CACHE_HOTTIMES.map((n) => ({ value: n, label: t('values.hits', { count: n }) }))
      : CACHE_EXPIRIES.map((e) => ({ value: e, label: format.duration(e) }));
    return (
      <Col xs={24} md={8} key={field}>
        <Form.Item name={field} label={t(`fields.${field}`)} rules={rules(field)}>
          <Select<string | number> options={options} aria-label={t(`fields.${field}`)} data-testid={`field-${field}`} />
        </Form.Item>
      </Col>
    );
  };

  return (
    <>
      <Form.Item name="proxyCacheIgnoreArgs" label={t('fields.proxyCacheIgnoreArgs')} valuePropName="checked">
        <Switch data-testid="field-proxyCacheIgnoreArgs" />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('cache.cacheRules')}
      </Divider>
      <Row gutter={16}>{LISTS.slice(0, 4).map(list)}</Row>
      <Divider titlePlacement="start" plain>
        {t('cache.noCacheRules')}
      </Divider>
      <Row gutter={16}>{LISTS.slice(4, 6).map(list)}</Row>
      <Divider titlePlacement="start" plain>
        {t('cache.followOrigin')}
      </Divider>
      <Row gutter={16}>{LISTS.slice(6).map(list)}</Row>
      <Divider titlePlacement="start" plain>
        {t('cache.timings')}
      </Divider>
      {TIMINGS.map((group) => (
        <Row gutter={16} key={group[0]}>
          {group.map(select)}
        </Row>
      ))}
      <DefaultCached />
    </>
  );
}
