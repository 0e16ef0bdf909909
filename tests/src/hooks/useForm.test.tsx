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
});
