import { Button, Card, Col, Flex, Form, Input, Row, Switch, Typography, type FormInstance } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { IconAction } from '../../../components/data/icon-action';
import { RemoteSelect, type RemoteOption } from '../../../components/data/remote-select';
import { fetchFacilityOptions } from '../../facilities/api/list-facilities';
import { fetchAssigneeOptions } from '../../tasks/api/assignee-options';
import type { BindingValues, RequirementFormValues } from './requirement-form-values';

/**
 * The facilities a requirement binds: add them from a search, and per site say whether it applies (a
 * reason when not), and override the assignee and the first due date there.
 */
export function RequirementFacilitiesField({
  form,
  knownAssignees,
}: {
  form: FormInstance<RequirementFormValues>;
  /** Labels of assignees already chosen (the requirement's detail knows them). */
  knownAssignees: RemoteOption[];
}) {
  const t = useT();
  // `preserve`: the labels and ids are values of the list, not fields of their own.
  const bindings = (Form.useWatch('facilities', { form, preserve: true }) ?? []) as BindingValues[];
  const bound = new Set(bindings.map((binding) => binding.facilityId));

  return (
    <Form.List name="facilities">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          <RemoteSelect
            className="input-full"
            label={t('requirement.addFacility')}
            queryKey={['facilities', 'options', 'binding', [...bound].sort().join()]}
            fetchOptions={(search) =>
              fetchFacilityOptions(search).then((options) =>
                options.map((option) => ({ ...option, disabled: bound.has(option.value) })),
              )
            }
            value={null as unknown as string}
            onSelect={(value, option) => {
              const facilityId = String(value);
              if (bound.has(facilityId)) return;
              const label = (option as { label?: unknown } | undefined)?.label;
              add({
                facilityId,
                facilityLabel: typeof label === 'string' ? label : facilityId,
                applicable: true,
                assigneeId: null,
                firstDueDate: null,
              } satisfies BindingValues);
            }}
          />
          {fields.length === 0 ? (
            <Typography.Text type="secondary">{t('requirement.noFacilities')}</Typography.Text>
          ) : null}
          {fields.map((field) => {
            const binding = bindings[field.name];
            const name = binding?.facilityLabel ?? '';
            return (
              <Card
                key={field.key}
                size="small"
                className="binding-card"
                title={name}
                extra={
                  <IconAction
                    label={t('requirement.removeFacility')}
                    ariaLabel={t('requirement.removeFacilityNamed', { name })}
                    icon={<DeleteOutlined />}
                    danger
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label={t('requirement.applies')}
                      name={[field.name, 'applicable']}
                      valuePropName="checked"
                    >
                      <Switch
                        aria-label={t('requirement.appliesAt', { name })}
                        checkedChildren={t('data.yes')}
                        unCheckedChildren={t('data.no')}
                      />
                    </Form.Item>
                  </Col>
                  {binding?.applicable === false ? (
                    <Col xs={24} md={16}>
                      <Form.Item
                        label={t('requirement.notApplicableReason')}
                        name={[field.name, 'notApplicableReason']}
                        rules={[{ required: true, whitespace: true, message: t('requirement.reasonRequired') }]}
                      >
                        <Input aria-label={t('requirement.notApplicableReasonAt', { name })} />
                      </Form.Item>
                    </Col>
                  ) : (
                    <>
                      <Col xs={24} md={8}>
                        <Form.Item label={t('requirement.assigneeOverride')} name={[field.name, 'assigneeId']}>
                          <RemoteSelect
                            allowClear
                            label={t('requirement.assigneeOverrideAt', { name })}
                            placeholder={t('requirement.useDefaultAssignee')}
                            queryKey={['users', 'assignee-options', binding?.facilityId ?? '']}
                            fetchOptions={(search) =>
                              fetchAssigneeOptions(search, binding?.facilityId ? [binding.facilityId] : undefined)
                            }
                            knownOptions={knownAssignees}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={8}>
                        <Form.Item label={t('requirement.firstDueOverride')} name={[field.name, 'firstDueDate']}>
                          <DateField
                            className="input-full"
                            aria-label={t('requirement.firstDueOverrideAt', { name })}
                            placeholder={t('requirement.useFirstDueDate')}
                          />
                        </Form.Item>
                      </Col>
                    </>
                  )}
                </Row>
              </Card>
            );
          })}
          {fields.length > 1 ? (
            <Button type="link" danger className="binding-remove-all" onClick={() => remove(fields.map((f) => f.name))}>
              {t('requirement.removeAllFacilities')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}
