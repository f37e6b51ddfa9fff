// Mantine's notifications container alone, for a lazy import: importing the package itself
// dynamically would keep the whole package in the first screen's chunk.
export { Notifications } from '@mantine/notifications';
