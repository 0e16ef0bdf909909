import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useForm } from '../../../src/hooks/useForm';

const schema = z.object({
  address: z.string().regex(/^[A-Za-z0-9]+$/, 'app.msg.parameter_error'),
  remark: z.string(),
});

describe('useForm', () => {
  it('binds a text field: its value, what typing keeps, and its error until it is typed in again', async () => {
    const { result } = renderHook(() => useForm(schema, { address: '', remark: '' }));
    act(() => result.current.field('address', (v) => v.trim()).onChange('  T9abc '));
    expect(result.current.field('address').value).toBe('T9abc');
    act(() => result.current.field('remark').onChange(' kept as typed '));
    expect(result.current.values.remark).toBe(' kept as typed ');

    act(() => result.current.field('address').onChange('T9 abc'));
    await act(() => result.current.submit(async () => undefined));
    expect(result.current.field('address').error).toBe('app.msg.parameter_error');
    act(() => result.current.field('address').onChange('T9abc'));
    expect(result.current.field('address').error).toBeUndefined();
  });

  it('stays busy after a send that leaves the form, and only after one that succeeds', async () => {
    const { result } = renderHook(() => useForm(schema, { address: 'T9abc', remark: '' }));
    let sends = 0;
    const refused = async () => {
      sends += 1;
      throw new Error('refused');
    };
    await act(() => result.current.submit(refused, { leaves: true }));
    expect(result.current.submitting).toBe(false);
    await act(() => result.current.submit(async () => (sends += 1), { leaves: true }));
    expect(result.current.submitting).toBe(true);
    // The next screen is not up yet: a tap now sends nothing.
    await act(() => result.current.submit(async () => (sends += 1), { leaves: true }));
    expect(sends).toBe(2);
  });
});
