import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';

type ButtonAnchorProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps>;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
ButtonAnchor.displayName = 'ButtonAnchor';

const CreatedButtonLink = createLink(ButtonAnchor);

/** A Mantine button that is a router link with typed path params and search (Button component={Link} loses them). */
export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => <CreatedButtonLink {...props} />;
