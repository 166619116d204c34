import { ICON_PATHS } from './icon-paths';

export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="64 64 896 896"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const STYLES = ['Default', 'Assistant', 'Chat', 'Modern', 'Friendly', 'Help', 'Support', 'Smart'] as const;

/** The launcher's glyph for each icon style (spec section 1), as the dashboard preview draws them. */
export function LauncherGlyph({ style, size = 28 }: { style: string | null | undefined; size?: number }) {
  if (style === 'AI')
    return (
      <span className="pw-ai-glyph" aria-hidden="true">
        AI
      </span>
    );
  const name = STYLES.find((s) => s === style) ?? 'Default';
  return <Icon name={name} size={size} />;
}
