import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/App.js';
import { boot } from './app/boot.js';
import { installChunkReload, isChunkLoadError, reloadForChunkError } from './app/chunk-reload.js';
import { registerServiceWorker } from './app/service-worker.js';
import { captureTrafficSource } from './app/traffic-capture.js';

captureTrafficSource();
installChunkReload();
registerServiceWorker();
boot()
  .catch((error: unknown) => {
    // A stale deploy can fail to load the language chunk: reload once, otherwise render what we have.
    if (isChunkLoadError(error)) reloadForChunkError();
  })
  .finally(() => {
    createRoot(document.getElementById('root')!).render(<App />);
  });
