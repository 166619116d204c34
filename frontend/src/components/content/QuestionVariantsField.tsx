'use client';

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import {
  DOMAIN_MESSAGES as M,
  MAX_QUESTION_VARIANT_LENGTH,
  MAX_QUESTION_VARIANTS,
} from '@parley/contracts/validation';
import styles from './Content.module.css';

/**
 * "Other ways visitors ask this": the owner's paraphrases of an article's question, one short
 * line each, which the assistant also matches visitors' messages against.
 */
export function QuestionVariantsField() {
  return (
    <Form.Item
      label="Other ways visitors ask this"
      extra="The assistant also finds this article when a visitor asks in one of these words (up to 10)."
    >
      <Form.List name="questionVariants">
        {(variants, { add, remove }) => (
          <div className={styles.questionVariants} data-testid="question-variants">
            {variants.map((v, i) => (
              <div key={v.key} className={styles.questionVariant}>
                <Form.Item
                  name={v.name}
                  rules={[{ required: true, whitespace: true, message: M.questionVariantEmpty }]}
                  validateTrigger="onBlur"
                >
                  <Input
                    maxLength={MAX_QUESTION_VARIANT_LENGTH}
                    aria-label={`Other way of asking ${i + 1}`}
                    placeholder="e.g. can I get my money back?"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Remove way of asking ${i + 1}`}
                  onClick={() => remove(v.name)}
                />
              </div>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add('')}
              disabled={variants.length >= MAX_QUESTION_VARIANTS}
            >
              Add a way of asking
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
