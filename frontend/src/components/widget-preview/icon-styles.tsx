'use client';

import {
  BulbOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  SmileOutlined,
  ThunderboltFilled,
} from '@/components/icons';
import type { ReactNode } from 'react';
import type { IconStyle } from '@parley/contracts/validation';

/** The launcher's glyph for each of the nine icon styles of spec section 1. */
export const ICON_STYLE_GLYPHS: Record<IconStyle, ReactNode> = {
  Default: <MessageOutlined />,
  Assistant: <RobotOutlined />,
  Chat: <CommentOutlined />,
  Modern: <ThunderboltFilled />,
  Friendly: <SmileOutlined />,
  Help: <QuestionCircleOutlined />,
  Support: <CustomerServiceOutlined />,
  Smart: <BulbOutlined />,
  AI: <span style={{ fontWeight: 800, fontSize: '0.8em', letterSpacing: '-0.02em' }}>AI</span>,
};

export const glyphFor = (style: string | null | undefined) =>
  ICON_STYLE_GLYPHS[(style ?? 'Default') as IconStyle] ?? ICON_STYLE_GLYPHS.Default;
