import { screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/data/testing';
import { useNewPasswordRule } from './new-password-rule';

function Harness({ onValid }: { onValid: (values: unknown) => void }) {
  const rule = useNewPasswordRule();
  return (
    <Form onFinish={onValid}>
      <Form.Item label="New password" name="newPassword" rules={[rule]}>
        <Input.Password />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('useNewPasswordRule (the server’s strength rule in the form)', { timeout: 30_000 }, () => {
  it('refuses a common or breached password with the list loaded on demand, and a short one by length', async () => {
    const onValid = vi.fn();
    const user = renderWithProviders(<Harness onValid={onValid} />);
    const field = screen.getByLabelText('New password');
    await user.click(field);
    await user.paste('Password1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This password is one of the most common or breached passwords. Choose another one.'),
    ).toBeTruthy();

    await user.clear(field);
    await user.click(field);
    await user.paste('short one');
    expect(await screen.findByText('Password must be at least 12 characters long')).toBeTruthy();

    await user.clear(field);
    await user.click(field);
    await user.paste('violet tractor humming 42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ newPassword: 'violet tractor humming 42' }));
  });
});
