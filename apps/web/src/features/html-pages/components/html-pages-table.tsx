import type { HtmlPage } from '@parapet/shared';
import { Button, Empty, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '@/components/local-time';
import { deployFailureText } from '@/lib/deploy-failure';
import { ConfirmAction } from '@/components/confirm-action';
import { ItemTable, type ItemTableProps } from '@/components/item-table';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { useDeleteHtmlPage } from '../api/delete-html-page';

/** Columns the selector may hide; the name and the actions always show. */
export const OPTIONAL_HTML_PAGE_COLUMNS = [
  'group',
  'status',
  'ridPosition',
  'ridColor',
  'usedBy',
  'updated',
  'log',
] as const;
export type HtmlPageColumn = (typeof OPTIONAL_HTML_PAGE_COLUMNS)[number];

interface HtmlPagesTableProps extends ItemTableProps<HtmlPage> {
  onPreview: (page: HtmlPage) => void;
}

/** One server-side page of the group's HTML pages; the built-in `default` can be edited, never deleted. */
export function HtmlPagesTable({ visible, canWrite, onPreview, onEdit, onLog, ...rows }: HtmlPagesTableProps) {
  const { t } = useTranslation(['htmlPages', 'common', 'errors']);
  const toast = useToast();
  const remove = useDeleteHtmlPage();
  const deletePage = (p: HtmlPage) =>
    remove.mutate(p.id, {
      onSuccess: () => toast.success(t('common:messages.deleted'), 'html-page-deleted'),
      onError: (e) => {
        if (isApiError(e) && e.code === 'IN_USE')
          toast.error(
            t('htmlPages:messages.inUse', { name: p.htmlPageName, names: (e.usedBy ?? []).join(', ') }),
            'html-page-in-use',
          );
        else toast.apiError(e, 'delete');
      },
    });

  const columns = useMemo(() => {
    const optional: Record<HtmlPageColumn, TableColumnsType<HtmlPage>[number]> = {
      group: { key: 'group', title: t('htmlPages:fields.group'), dataIndex: 'groupName' },
      status: {
        key: 'status',
        title: t('htmlPages:fields.status'),
        render: (_, p) => (
          <Space orientation="vertical" size={2}>
            <Tag
              color={p.status === 'Running' ? 'green' : 'processing'}
              data-testid={`html-page-status-${p.htmlPageName}`}
            >
              {t(`htmlPages:status.${p.status}`)}
            </Tag>
            {p.lastError ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`html-page-error-${p.htmlPageName}`}>
                {t('htmlPages:lastError', { error: deployFailureText(p.lastError) })}
              </Typography.Text>
            ) : null}
          </Space>
        ),
      },
      ridPosition: {
        key: 'ridPosition',
        title: t('htmlPages:fields.ridPosition'),
        render: (_, p) => t(`htmlPages:ridPosition.${p.ridPosition}`),
      },
      ridColor: {
        key: 'ridColor',
        title: t('htmlPages:fields.ridColor'),
        render: (_, p) => t(`htmlPages:ridColor.${p.ridColor}`),
      },
      usedBy: {
        key: 'usedBy',
        title: t('htmlPages:fields.usedBy'),
        render: (_, p) =>
          p.usedBy.length ? (
            p.usedBy.map((u) => <Tag key={u}>{u}</Tag>)
          ) : (
            <Typography.Text type="secondary">{t('htmlPages:notUsed')}</Typography.Text>
          ),
      },
      updated: {
        key: 'updated',
        title: t('htmlPages:fields.updated'),
        render: (_, p) => <LocalTime value={p.updatedAt} seconds={false} />,
      },
      log: {
        key: 'log',
        title: t('htmlPages:fields.log'),
        render: (_, p) => (
          <Button
            size="small"
            onClick={() => onLog(p)}
            aria-label={`${t('htmlPages:actions.log')} ${p.htmlPageName}`}
            data-testid={`html-page-log-${p.htmlPageName}`}
          >
            {t('htmlPages:actions.log')}
          </Button>
        ),
      },
    };
    const name: TableColumnsType<HtmlPage>[number] = {
      key: 'htmlPageName',
      title: t('htmlPages:fields.name'),
      render: (_, p) => (
        <Space size={4}>
          <span>{p.htmlPageName}</span>
          {p.builtIn ? <Tag data-testid={`html-page-builtin-${p.htmlPageName}`}>{t('htmlPages:builtIn')}</Tag> : null}
        </Space>
      ),
    };
    const list: TableColumnsType<HtmlPage> = [];
    // Table order: Group, Name, Status, Rid position, Rid colour, Used by, Updated, Log, Actions.
    if (visible.includes('group')) list.push(optional.group);
    list.push(name);
    for (const key of OPTIONAL_HTML_PAGE_COLUMNS)
      if (key !== 'group' && visible.includes(key)) list.push(optional[key]);
    list.push({
      key: 'actions',
      title: t('htmlPages:fields.actions'),
      render: (_, p) => (
        <Space>
          <Button
            size="small"
            onClick={() => onPreview(p)}
            aria-label={`${t('htmlPages:actions.preview')} ${p.htmlPageName}`}
            data-testid={`html-page-preview-${p.htmlPageName}`}
          >
            {t('htmlPages:actions.preview')}
          </Button>
          {canWrite ? (
            <Button
              size="small"
              onClick={() => onEdit(p)}
              aria-label={`${t('htmlPages:actions.edit')} ${p.htmlPageName}`}
              data-testid={`html-page-edit-${p.htmlPageName}`}
            >
              {t('htmlPages:actions.edit')}
            </Button>
          ) : null}
          {canWrite && !p.builtIn ? (
            <ConfirmAction kind="delete" onConfirm={() => deletePage(p)}>
              <Button
                size="small"
                danger
                aria-label={`${t('htmlPages:actions.delete')} ${p.htmlPageName}`}
                data-testid={`html-page-delete-${p.htmlPageName}`}
              >
                {t('htmlPages:actions.delete')}
              </Button>
            </ConfirmAction>
          ) : null}
        </Space>
      ),
    });
    return list;
    // deletePage closes over the mutation, which is stable enough for rendering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, visible, canWrite, onPreview, onEdit, onLog]);

  return (
    <ItemTable<HtmlPage>
      {...rows}
      columns={columns}
      locale={{ emptyText: <Empty description={t('htmlPages:empty')} data-testid="html-pages-empty" /> }}
      testId="html-pages-table"
    />
  );
}
