// The cards menu (foundation spec, sections 2 and 6): cards grouped in titled sections; each card
// has an icon, a title, an optional highlight, optional roles, an optional active flag and a target
// route. A section is hidden unless its manager check passes; a card shows to exactly who may open
// its screen (shell/screens.ts), and, while that screen is not built yet, to who holds the card's
// roles and will have a role in its area. Used by /modulos/admin, the home and the area homes.
import { Link } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Chip, Typography } from '@mui/material';
import { useViewer } from '../core/useViewer.js';
import { cardAllowed, passesManagerCheck, visibleSections, type CardSection, type ManagerCheck, type MenuCard } from './cardSections.js';

export { cardAllowed, passesManagerCheck, visibleSections, type CardSection, type ManagerCheck, type MenuCard };

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
  const viewer = useViewer();
  return (
    <>
      {visibleSections(sections, viewer).map((section) => (
        <Box key={section.title} component="section" aria-label={section.title} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
            {section.title}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}>
            {section.cards.map((card) => (
              <MenuCardView key={card.to + card.title} card={card} />
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}
