import { useState } from 'react';
import { Button, Card, Empty, Flex, List } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { PermitDetail } from '@rtms/shared/schemas/permits';
import { useT } from '../../../lib/i18n/use-t';
import { IconAction } from '../../../components/data/icon-action';
import { RemoteSelect } from '../../../components/data/remote-select';
import { useRowAction } from '../../../components/data/use-row-action';
import { listDocuments } from '../../documents/api/list-documents';
import { useLinkDocument } from '../api/permits-api';

/** The library documents linked to the permit (any of its versions); link another of its facility, or unlink one. */
export function PermitDocumentsSection({ permit, canManage }: { permit: PermitDetail; canManage: boolean }) {
  const t = useT();
  const run = useRowAction();
  const link = useLinkDocument(permit._id);
  const [chosen, setChosen] = useState<string>();
  const fetchOptions = async (search: string) =>
    (
      await listDocuments({ kind: 'LIBRARY', facilityId: permit.facilityId, search: search || undefined, pageSize: 50 })
    ).data.map((document) => ({ value: document._id, label: document.title }));

  return (
    <Card title={t('permits.documents')}>
      {canManage ? (
        <Flex gap={8} wrap className="permit-alert">
          <RemoteSelect
            className="permit-document-select"
            label={t('permits.chooseDocument')}
            placeholder={t('permits.chooseDocument')}
            queryKey={['documents', 'permit-options', permit.facilityId]}
            fetchOptions={fetchOptions}
            value={chosen}
            onChange={(value) => setChosen(value as string | undefined)}
            allowClear
          />
          <Button
            icon={<LinkOutlined />}
            disabled={!chosen}
            onClick={() =>
              void run(
                () => link.mutateAsync({ documentId: chosen!, link: true }),
                () => {
                  setChosen(undefined);
                  return t('permits.documentLinked');
                },
              )
            }
          >
            {t('permits.linkDocument')}
          </Button>
        </Flex>
      ) : null}
      <List
        dataSource={permit.documents}
        locale={{ emptyText: <Empty description={t('permits.noDocuments')} /> }}
        renderItem={(document) => (
          <List.Item
            actions={
              canManage
                ? [
                    <IconAction
                      key="unlink"
                      label={t('permits.unlinkDocument')}
                      ariaLabel={t('permits.unlinkDocumentNamed', { title: document.title })}
                      icon={<DisconnectOutlined />}
                      onClick={() =>
                        void run(
                          () => link.mutateAsync({ documentId: document._id, link: false }),
                          () => t('permits.documentUnlinked'),
                        )
                      }
                    />,
                  ]
                : []
            }
          >
            <Link to={`/documents-library?search=${encodeURIComponent(document.title)}`}>{document.title}</Link>
            {` · ${document.fileName}`}
          </List.Item>
        )}
      />
    </Card>
  );
}
