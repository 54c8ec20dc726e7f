import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { SettingsFormModal } from './settings-form-modal';
import { renderWithProviders } from './testing';

function Dialog({ item }: { item?: { _id: string } }) {
  const [form] = Form.useForm<{ description?: string }>();
  const state = { form, saving: false, formError: undefined, clearFormError: vi.fn(), rules: () => [] };
  return (
    <SettingsFormModal<{ description?: string }>
      dialog={{ open: true, item, close: vi.fn() }}
      messages="programAreas"
      state={state}
      labels={{ description: 'Description' }}
      onFinish={vi.fn()}
    >
      <p>own fields</p>
    </SettingsFormModal>
  );
}

describe('SettingsFormModal', () => {
  it('creates: "<messages>.createTitle" and "<messages>.create"; the own fields, then the description', async () => {
    renderWithProviders(<Dialog />);
    const dialog = await screen.findByRole('dialog', { name: 'New program area' });
    expect(dialog.textContent).toContain('Create program area');
    expect(dialog.textContent?.indexOf('own fields')).toBeLessThan(dialog.textContent?.indexOf('Description') ?? 0);
    expect(screen.getByLabelText(/Description/)).toBeTruthy();
  });

  it('edits a record: "<messages>.editTitle" and Save', async () => {
    renderWithProviders(<Dialog item={{ _id: 'a1' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit program area' });
    expect(dialog.textContent).toContain('Save');
  });
});
