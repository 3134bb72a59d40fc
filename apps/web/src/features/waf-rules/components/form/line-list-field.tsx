import { Form, Input, type FormRule } from 'antd';
import type { ReactNode } from 'react';

interface LineListFieldProps {
  name: string;
  label: string;
  /** What one line holds, with an example. */
  extra?: ReactNode;
  placeholder?: string;
  rules: FormRule[];
  /** Fields whose change may change this one's problems (the action, a switch). */
  dependencies?: string[];
}

/**
 * A list field as a text area, one entry a line. Its problems come one message a bad line
 * ("Line 4: Invalid network…"), counted as the user sees the lines, blank ones included.
 */
export function LineListField({ name, label, extra, placeholder, rules, dependencies }: LineListFieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra} rules={rules} dependencies={dependencies}>
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 10 }}
        placeholder={placeholder}
        spellCheck={false}
        aria-label={label}
        data-testid={`waf-rule-${name}`}
      />
    </Form.Item>
  );
}
