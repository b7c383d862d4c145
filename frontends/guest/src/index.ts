// Standalone development entry; in the product the shell loads ./pages through Module Federation.
import('./bootstrap');
