// The container's styles come with it (a toast's own are in the entry's stylesheet).
import '@mantine/notifications/styles.layer.css';
// Its own module, loaded with the first toast (see Toasts in app.tsx): imported lazily through the package's
// index, the container would share a chunk with the notifications store the entry needs.
export { Notifications } from '@mantine/notifications';
