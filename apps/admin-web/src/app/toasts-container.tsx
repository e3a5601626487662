// Its own module, loaded with the first toast (see Toasts in app.tsx): imported lazily through the package's
// index, the container would share a chunk with the notifications store the entry needs.
export { Notifications } from '@mantine/notifications';
