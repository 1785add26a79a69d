// Push notifications for the shop's service worker (public/sw.js imports this file first). A placeholder until they are written.
