'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DomainSetupWizard } from './DomainSetupWizard';

interface DomainSetupValue {
  /** Opens screen 15 for one domain (from a DOMAIN_SETUP notification or the domains list). */
  open(domainId: string): void;
  /** Called after a save, so lists showing configuration state can refresh. */
  onSaved(listener: () => void): () => void;
}

const DomainSetupContext = createContext<DomainSetupValue | null>(null);

export function useDomainSetup(): DomainSetupValue {
  const value = useContext(DomainSetupContext);
  if (!value) throw new Error('useDomainSetup must be used inside <DomainSetupProvider>');
  return value;
}

export function DomainSetupProvider({ children }: { children: ReactNode }) {
  const [domainId, setDomainId] = useState<string>();
  const [listeners] = useState(() => new Set<() => void>());
  const value = useMemo<DomainSetupValue>(
    () => ({
      open: setDomainId,
      onSaved: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    [listeners],
  );
  return (
    <DomainSetupContext.Provider value={value}>
      {children}
      {domainId && (
        <DomainSetupWizard
          key={domainId}
          domainId={domainId}
          onClose={(saved) => {
            setDomainId(undefined);
            if (saved) for (const l of listeners) l();
          }}
        />
      )}
    </DomainSetupContext.Provider>
  );
}
