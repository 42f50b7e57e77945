// The news item's hashtags as chips: typed and added with Enter, ';' or ',' (several pasted at once
// split alike), removed with their ×; kept as the spec's text, items joined by ';' ('rh;beneficios').
import { useState } from 'react';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { type FieldInputProps, FieldMessage, useShownError } from '../../src/admin/pages.js';
import { joinHashtags, splitHashtags } from '../../src/domain/news.js';

export default function HashtagInput({ field, label, validate }: FieldInputProps) {
  const { field: input, fieldState, isRequired } = useInput({ source: field, validate });
  const error = useShownError(fieldState);
  const tags = splitHashtags(input.value);
  const [text, setText] = useState('');

  const save = (items: string[]) => {
    input.onChange(joinHashtags(items));
    input.onBlur();
  };
  const addTyped = (typed: string) => {
    const parts = typed.split(/[;,]/);
    if (!parts.some((p) => p.trim())) return;
    save([...tags, ...parts]);
    setText('');
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Autocomplete
        multiple
        freeSolo
        options={[] as string[]}
        value={tags}
        inputValue={text}
        onInputChange={(_e, next, reason) => {
          if (reason === 'reset') return;
          if (/[;,]/.test(next)) addTyped(next);
          else setText(next);
        }}
        onChange={(_e, next) => {
          save(next as string[]);
          setText('');
        }}
        renderValue={(values, getItemProps) =>
          values.map((tag, index) => {
            const { key, ...props } = getItemProps({ index });
            return <Chip key={key} size="small" label={`#${tag}`} {...props} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={isRequired}
            error={Boolean(error)}
            placeholder={tags.length ? undefined : 'Digite e tecle Enter'}
            helperText="Separe com Enter ou ponto e vírgula (;)."
            onBlur={() => {
              if (text.trim()) addTyped(text);
              input.onBlur();
            }}
          />
        )}
      />
      <FieldMessage error={error} />
    </Box>
  );
}
