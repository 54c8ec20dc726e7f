import { screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFacilityBodySchema } from '@rtms/shared/schemas/facilities';
import { createRegulationBodySchema } from '@rtms/shared/schemas/regulations';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/use-t';
import { renderWithProviders } from './testing';
import { applyServerErrors, useSchemaForm } from './zod-form';

const schema = z
  .object({
    name: z.string().trim().min(1).max(10),
    email: z.string().email(),
    code: z.string().regex(/^[A-Z]{2}$/),
    capacity: z.number().min(0).nullable().optional(),
    note: z.string().max(5).nullable().optional(),
  })
  .strict();

function Harness({ onValid, serverError }: { onValid: (value: unknown) => void; serverError?: unknown }) {
  const t = useT();
  const [form] = Form.useForm();
  const [formError, setFormError] = useState<string>();
  const { rules, parse } = useSchemaForm(schema);
  const labels = { name: 'Name', email: 'Email', code: 'Code', capacity: 'Capacity', note: 'Note' };
  return (
    <Form
      form={form}
      onFinish={(values) => {
        const body = parse(form as FormInstance, values, labels);
        if (!body) return;
        if (serverError) setFormError(applyServerErrors(form, serverError, Object.keys(labels), t, ['name']));
        else onValid(body);
      }}
    >
      {formError ? <div role="alert">{formError}</div> : null}
      <Form.Item label="Name" name="name" rules={rules('name', 'Name')}>
        <Input />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={rules('email', 'Email')}>
        <Input />
      </Form.Item>
      <Form.Item label="Code" name="code" rules={rules('code', 'Code', { 'format:regex': 'Two capital letters' })}>
        <Input />
      </Form.Item>
      <Form.Item label="Note" name="note" rules={rules('note', 'Note')}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('useSchemaForm', { timeout: 20_000 }, () => {
  it('validates each field with its shared schema and shows messages in the interface language', async () => {
    const onValid = vi.fn();
    const user = renderWithProviders(<Harness onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    await screen.findByText('Email is required');
    await user.type(screen.getByLabelText('Name'), 'A much too long name');
    await screen.findByText('Name must be at most 10 characters long');
    await user.type(screen.getByLabelText('Email'), 'nope');
    await screen.findByText('The input is not valid E-mail!');
    await user.type(screen.getByLabelText('Code'), 'x1');
    await screen.findByText('Two capital letters');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits the schema output, with emptied optional fields as null', async () => {
    const onValid = vi.fn();
    const user = renderWithProviders(<Harness onValid={onValid} />);
    await user.type(screen.getByLabelText('Name'), '  Wind  ');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Code'), 'WF');
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.clear(screen.getByLabelText('Note'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Wind', email: 'a@b.co', code: 'WF', note: null }));
  });

  it("puts the server's field errors on the fields, conflicts on unique fields in the interface language", async () => {
    const conflict = new ApiError(409, 'CONFLICT', 'A facility named "Wind" already exists', [
      { path: 'name', message: 'This name is already used' },
    ]);
    const user = renderWithProviders(<Harness onValid={vi.fn()} serverError={conflict} />);
    await user.type(screen.getByLabelText('Name'), 'Wind');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Code'), 'WF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This value is already used');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message that belongs to no field above the form', async () => {
    const forbidden = new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this');
    const user = renderWithProviders(<Harness onValid={vi.fn()} serverError={forbidden} />);
    await user.type(screen.getByLabelText('Name'), 'Wind');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Code'), 'WF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
  });
});

describe('the shared schemas the screens use', () => {
  it('accept what the facility form sends and refuse what the server refuses', () => {
    const valid = createFacilityBodySchema.safeParse({
      name: 'Prairie Wind',
      code: 'pw-01',
      type: 'WIND',
      timeZone: 'America/Chicago',
      address: null,
      latitude: null,
      commercialOperationDate: '2019-06-30',
      programAreaIds: [],
    });
    expect(valid.success && valid.data.code).toBe('PW-01');
    expect(createFacilityBodySchema.safeParse({ name: 'x', code: '!', type: 'WIND', timeZone: 'Mars/Base' }).success).toBe(false);
  });

  it('accept an empty regulation link and refuse a non-web one', () => {
    expect(createRegulationBodySchema.safeParse({ title: 'T', jurisdiction: 'FEDERAL', link: null }).success).toBe(true);
    expect(createRegulationBodySchema.safeParse({ title: 'T', jurisdiction: 'FEDERAL', link: 'ftp://x' }).success).toBe(false);
  });
});
