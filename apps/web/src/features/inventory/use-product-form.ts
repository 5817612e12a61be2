import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatINR } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import {
  type AdminProduct,
  inventoryApi,
  type ProductBody,
  useRefreshShop,
  useShopSlug,
} from './inventory-api.ts';
import { inputBuilders, serverProblems, variantPaths } from './product-form-parts.tsx';
import {
  hasVariants,
  initialValues,
  type ProductField,
  type ProductFormContext,
  type ProductFormValues,
  productResolver,
  stockChanged,
} from './product-form-values.ts';

const FIELDS = Object.keys(initialValues(null)) as ProductField[];

/** What the price section warns of: a selling price under the cost. */
export function belowCostWarning(values: ProductFormValues): string | null {
  const cost = Number(values.original_price);
  const selling = Number(values.product_price);
  return values.original_price.trim() !== '' && values.product_price.trim() !== '' && selling < cost
    ? `Selling below cost: you lose ${formatINR(cost - selling, { paise: true })} on each sale.`
    : null;
}

/**
 * The Add/Update Product form's state: react-hook-form with the contracts' product schema (productResolver), the
 * save (create or update), the server's field problems put on their fields, and the image uploads' busy flag.
 */
export function useProductForm(product: AdminProduct | null, onSaved: (p: AdminProduct) => void) {
  const slug = useShopSlug();
  const refresh = useRefreshShop();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ProductFormValues, ProductFormContext, ProductBody>({
    defaultValues: initialValues(product),
    resolver: productResolver,
    context: { original: product },
  });
  const { handleSubmit, setError, setFocus, register, formState } = form;
  const values = form.watch();
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const saved = product
        ? await inventoryApi.update(slug, product.id, body)
        : await inventoryApi.create(slug, body);
      toast.success(product ? 'Product updated' : 'Product added', { description: saved.product_name });
      void refresh();
      onSaved(saved);
    } catch (err) {
      const fallback = product ? 'Failed to update product' : 'Failed to save product';
      const { fields, problem } = serverProblems(err, FIELDS, fallback);
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      // Problems of one option or variant keep their path, so each shows at its own field.
      const nested = Object.fromEntries(variantPaths(err));
      const first = Object.values(nested)[0];
      if (first) setError('variants', { type: 'server', message: first, types: nested });
      const focus = fields[0]?.[0];
      if (focus && focus !== 'images' && focus !== 'options' && focus !== 'variants') setFocus(focus);
      // Said inside the dialog, next to the form.
      setProblem(problem);
    }
  });

  return {
    form,
    values,
    errors: formState.errors,
    isSubmitting: formState.isSubmitting,
    inputs: inputBuilders(register, formState.errors),
    submit,
    problem,
    uploading,
    onBusyChange,
    belowCost: belowCostWarning(values),
    askReason: stockChanged(values, product),
    sized: hasVariants(values),
  };
}

export type ProductFormState = ReturnType<typeof useProductForm>;
