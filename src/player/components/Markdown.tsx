// Lazy-loaded by ContentBlock so marked and DOMPurify stay out of the first bundle.
export { default } from '../../shared/ui/Markdown';
