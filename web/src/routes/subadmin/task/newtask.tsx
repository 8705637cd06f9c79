import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { NewTaskForm } from '../../../components/tasks/NewTaskForm';

export const Route = createFileRoute('/subadmin/task/newtask')({ head: pageHead('/subadmin/task/newtask'), component: NewTaskForm });
