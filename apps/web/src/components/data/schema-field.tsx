import { createContext, useContext, type ReactNode } from 'react';
import { Col, Form, type FormItemProps, type FormRule } from 'antd';
import type { IssueMessages } from './zod-form';

interface SchemaFieldScope {
  /** The shared schema's rules for a field (`useSchemaForm(schema).rules`). */
  rules(name: string, label: string, overrides?: IssueMessages): FormRule[];
  /** Each field's label in the interface language (also the label of its schema messages). */
  labels: Readonly<Record<string, string>>;
}

const Scope = createContext<SchemaFieldScope | null>(null);

/** Gives the `SchemaField`s inside it their schema rules and labels, so a field is declared by its name alone. */
export function SchemaFields({ rules, labels, children }: SchemaFieldScope & { children: ReactNode }) {
  return <Scope.Provider value={{ rules, labels }}>{children}</Scope.Provider>;
}

/** The enclosing `SchemaFields`' rules and a field's label (for a field drawn by hand, e.g. a checkbox's own label). */
export function useSchemaFields(): SchemaFieldScope & { label(name: string): string } {
  const scope = useContext(Scope);
  if (!scope) throw new Error('useSchemaFields is used outside <SchemaFields>');
  return { ...scope, label: (name) => scope.labels[name] ?? name };
}

type SchemaItemProps = Omit<FormItemProps, 'name' | 'label' | 'rules' | 'children'> & {
  name: string;
  children: ReactNode;
  /** Required although the schema accepts an empty value (an update schema leaves every field optional). */
  required?: boolean;
  /** Messages for issue codes the schema's own message would show (see `IssueMessages`). */
  messages?: IssueMessages;
  /** Rules checked after the schema's (e.g. a comparison with another field). */
  rules?: FormItemProps['rules'];
  /** False for a field the schema does not check while typing (a remote select's id). */
  validate?: boolean;
};

type SchemaFieldProps = SchemaItemProps & {
  /** The whole row instead of half of it on a wide screen. */
  wide?: boolean;
  /** The columns (of 24) the field takes on a wide screen, when not half or all of the row. */
  md?: number;
};

/**
 * One field of a form in its grid column: the label and the validation rules come from the shared
 * schema through the enclosing `SchemaFields`, so the client checks what the server checks.
 */
export function SchemaField({ wide = false, md, ...item }: SchemaFieldProps) {
  return (
    <Col xs={24} md={md ?? (wide ? 24 : 12)}>
      <SchemaItem {...item} />
    </Col>
  );
}

/** A `SchemaField` outside a grid: one field of a short form in a dialog, the whole width. */
export function SchemaItem({
  name,
  children,
  required = false,
  messages,
  rules: extraRules = [],
  validate = true,
  ...item
}: SchemaItemProps) {
  const scope = useSchemaFields();
  const label = scope.label(name);
  const [first, ...rest] = validate ? scope.rules(name, label, messages) : [];
  const schemaRules: FormRule[] = first ? [required ? { ...first, required: true } : first, ...rest] : [];
  return (
    <Form.Item label={label} name={name} rules={[...schemaRules, ...extraRules]} {...item}>
      {children}
    </Form.Item>
  );
}
