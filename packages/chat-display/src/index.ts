export * from './display';
export * from './links';
export * from './sanitize';
export * from './optimistic';
export * from './typing';
export * from './home-layout';
export * from './channel-state';
export * from './contrast';
