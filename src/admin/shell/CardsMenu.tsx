// The cards menu (foundation spec, sections 2 and 6): cards grouped in titled sections; each card
// has an icon, a title, an optional highlight, optional roles, an optional active flag and a target
// route. A section is hidden unless its manager check passes; a card needs its role check. Used by
// /modulos/admin and by the area homes (HR, marketing, ...).
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Chip, Typography } from '@mui/material';
import { isSuperadmin, userAllows, type Right } from '../../domain/roles.js';
import { useViewer } from './useViewer.js';

export interface MenuCard {
  title: string;
  to: string;
  icon: ComponentType<{ sx?: object; color?: 'primary' | 'disabled' }>;
  /** A short text shown on the card ('Novo', a count, ...). */
  highlight?: string;
  /** Shown only to holders of one of these roles (the superadmin always). */
  roles?: string[];
  /** Or a check of its own (e.g. react-admin's canAccess of a resource). */
  allowed?: (roles: readonly string[]) => boolean;
  /** An inactive card is shown greyed out and does not open. */
  active?: boolean;
}

export interface ManagerCheck {
  /** Modules whose role may see the section. */
  modules: string[];
  /** The right needed on one of them (default 'manage': superadmin or gestor; 'anyGestor': a gestor of any module). */
  right?: Right;
  /** An inactive section is hidden. */
  active?: boolean;
}

export interface CardSection {
  title: string;
  cards: MenuCard[];
  /** Hidden unless this check passes. */
  manager?: ManagerCheck;
}

export function passesManagerCheck(check: ManagerCheck | undefined, roles: readonly string[]): boolean {
  if (!check) return true;
  if (check.active === false) return false;
  return check.modules.some((m) => userAllows(roles, check.right ?? 'manage', m));
}

export function cardAllowed(card: MenuCard, roles: readonly string[]): boolean {
  if (card.roles && !isSuperadmin(roles) && !card.roles.some((r) => roles.includes(r))) return false;
  if (card.allowed && !card.allowed(roles)) return false;
  return true;
}

/** The sections and cards someone with `roles` sees (sections left empty are dropped). */
export function visibleSections(sections: CardSection[], roles: readonly string[]): CardSection[] {
  return sections
    .filter((s) => passesManagerCheck(s.manager, roles))
    .map((s) => ({ ...s, cards: s.cards.filter((c) => cardAllowed(c, roles)) }))
    .filter((s) => s.cards.length > 0);
}

function MenuCardView({ card }: { card: MenuCard }) {
  const Icon = card.icon;
  const inactive = card.active === false;
  const content = (
    <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center', py: 3, position: 'relative' }}>
      {card.highlight && <Chip label={card.highlight} color="secondary" size="small" sx={{ position: 'absolute', top: 8, right: 8 }} />}
      <Icon color={inactive ? 'disabled' : 'primary'} sx={{ fontSize: 36 }} />
      <Typography sx={{ fontWeight: 600 }}>{card.title}</Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ opacity: inactive ? 0.55 : 1, borderColor: card.highlight ? 'secondary.main' : undefined }} aria-disabled={inactive || undefined}>
      {inactive ? content : (
        <CardActionArea component={Link} to={card.to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      )}
    </Card>
  );
}

export function CardsMenu({ sections }: { sections: CardSection[] }) {
  const { roles } = useViewer();
  return (
    <>
      {visibleSections(sections, roles).map((section) => (
        <Box key={section.title} component="section" aria-label={section.title} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
            {section.title}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
            {section.cards.map((card) => (
              <MenuCardView key={card.to + card.title} card={card} />
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}
