import { createRoot } from 'react-dom/client';
import { parseHostOrigin } from '../../shared/protocol';
import { App } from './App';
import './styles.css';

const params = new URLSearchParams(window.location.search);
const domainId = params.get('domainId')?.trim();
const root = document.getElementById('root');
if (domainId && root) {
  createRoot(root).render(<App domainId={domainId} hostOrigin={parseHostOrigin(params.get('host'))} />);
}
