import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/signin')({ component: () => <div>Sign in</div> });
