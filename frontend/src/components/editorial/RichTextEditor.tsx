'use client';

import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@/components/icons';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Input, Modal, Tooltip } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { imageUrl, uploadImage } from '@/lib/api/images';
import { uploaderProblem } from '@/lib/images/checks';
import styles from './Editorial.module.css';

/** http(s) and mail links only, as the server keeps them. */
function linkProblem(href: string): string | undefined {
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'Please enter a valid URL';
  } catch {
    return 'Please enter a valid URL';
  }
}

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function Toolbar({
  editor,
  onLink,
  onImage,
  uploading,
}: {
  editor: Editor;
  onLink(): void;
  onImage(): void;
  uploading: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatting">
      <Button
        type={state.h2 ? 'primary' : 'text'}
        ghost={state.h2}
        size="small"
        aria-pressed={state.h2}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        Heading
      </Button>
      <Button
        type={state.h3 ? 'primary' : 'text'}
        ghost={state.h3}
        size="small"
        aria-pressed={state.h3}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        Subheading
      </Button>
      <Divider type="vertical" />
      <ToolButton
        label="Bold"
        icon={<BoldOutlined />}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label="Italic"
        icon={<ItalicOutlined />}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label="Underline"
        icon={<UnderlineOutlined />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label="Strikethrough"
        icon={<StrikethroughOutlined />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <Divider type="vertical" />
      <ToolButton
        label="Bulleted list"
        icon={<UnorderedListOutlined />}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label="Numbered list"
        icon={<OrderedListOutlined />}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label="Quote"
        icon={<span className={styles.quoteIcon}>“</span>}
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <ToolButton
        label="Code block"
        icon={<CodeOutlined />}
        active={state.code}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      <ToolButton
        label="Divider line"
        icon={<MinusOutlined />}
        onClick={() => chain().setHorizontalRule().run()}
      />
      <Divider type="vertical" />
      <ToolButton label="Link" icon={<LinkOutlined />} active={state.link} onClick={onLink} />
      <ToolButton
        label={uploading ? 'Uploading image…' : 'Image'}
        icon={<PictureOutlined />}
        disabled={uploading}
        onClick={onImage}
      />
      <Divider type="vertical" />
      <ToolButton
        label="Undo"
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label="Redo"
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </div>
  );
}

/**
 * Whether the focus is still with the editor (its text or toolbar) or nowhere at all, as when the
 * file picker has just closed: then it may go back to the text.
 */
function focusStayedIn(root: HTMLElement | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || Boolean(root?.contains(active));
}

/**
 * Rich text for posts and job listings (Tiptap): headings, emphasis, lists, quotes, code, links,
 * and images uploaded to the platform (JPG or PNG up to 2 MB). What it writes is HTML the server
 * sanitises again before keeping it. A form field: `value` is read once, `onChange` gets the HTML.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  id,
  invalid,
  testId,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
  invalid?: boolean;
  testId?: string;
  /** The field's name: a form label's `for` cannot name an editable div (WCAG 4.1.2). */
  'aria-label'?: string;
}) {
  const { message } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linking, setLinking] = useState<{ href: string; problem?: string } | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          defaultProtocol: 'https',
        },
      }),
      Image.configure({ inline: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: styles.editorBody!,
        ...(id ? { id } : {}),
        'aria-multiline': 'true',
        role: 'textbox',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  async function insertImage(picked: File | undefined) {
    if (!picked || !editor) return;
    const problem = uploaderProblem(picked);
    if (problem) return message.error(problem);
    setUploading(true);
    try {
      const image = await uploadImage(picked);
      // An upload takes a while: an admin who went on to another field meanwhile keeps typing
      // there. tiptap's focus() waits a frame, which let it take the focus from a field the admin
      // had just moved to, so the focus is given back here, at once, or not at all.
      const stayed = focusStayedIn(root.current);
      editor
        .chain()
        .setImage({ src: imageUrl(image.id), alt: picked.name.replace(/\.[^.]+$/, '') })
        .run();
      if (stayed) {
        editor.view.focus();
        editor.commands.scrollIntoView();
      }
    } catch (e) {
      message.error(errorSentence(e));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  }

  function saveLink() {
    if (!editor || !linking) return;
    const href = linking.href.trim();
    if (!href) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(null);
      return;
    }
    const problem = linkProblem(href);
    if (problem) return setLinking({ href: linking.href, problem });
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setLinking(null);
  }

  return (
    <div ref={root} className={`${styles.editor} ${invalid ? styles.editorInvalid : ''}`}>
      {editor && (
        <Toolbar
          editor={editor}
          uploading={uploading}
          onImage={() => file.current?.click()}
          onLink={() => setLinking({ href: (editor.getAttributes('link').href as string | undefined) ?? '' })}
        />
      )}
      <EditorContent editor={editor} />
      <input
        ref={file}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        style={{ display: 'none' }}
        data-testid={testId ? `${testId}-image-input` : undefined}
        onChange={(e) => void insertImage(e.target.files?.[0])}
      />
      <Modal
        open={linking !== null}
        title="Link"
        okText="Apply"
        onOk={saveLink}
        onCancel={() => {
          setLinking(null);
          editor?.commands.focus();
        }}
        destroyOnHidden
        // The editor takes the focus back itself, where its cursor was. The dialog's own return of
        // the focus came after its closing animation and put the caret at the post's very start,
        // or took the focus from a field the admin had moved on to.
        focusable={{ focusTriggerAfterClose: false }}
      >
        <Input
          autoFocus
          aria-label="Link address"
          placeholder="https://"
          value={linking?.href ?? ''}
          status={linking?.problem ? 'error' : undefined}
          onChange={(e) => setLinking({ href: e.target.value })}
          onPressEnter={saveLink}
        />
        {linking?.problem && <p className={styles.fieldError}>{linking.problem}</p>}
        <p className={styles.hint}>Leave it empty to remove the link.</p>
      </Modal>
    </div>
  );
}
